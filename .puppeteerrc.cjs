// Puppeteer drives Debian's chromium (apt-get install chromium). Its own browser download is
// skipped always: on a fresh machine `npm install` runs before chromium exists, and these
// machines cannot fetch browser builds. PUPPETEER_EXECUTABLE_PATH overrides the path.
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium",
};
