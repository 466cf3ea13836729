// Loaded before every test file (node --import). Tests run with quiet logs.
process.env["LOG_LEVEL"] ??= "silent";
