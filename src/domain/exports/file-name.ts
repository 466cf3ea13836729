/**
 * The file an export downloads: "Sales & Growth 2026" → "Sales-Growth-2026.pdf", a name every
 * system saves without quoting (letters, digits and dashes; accents dropped; at most 80 characters).
 * The server names its exports with it and the client the files it saves, so both agree. A name
 * with nothing left (all symbols) becomes `fallback`: what was exported.
 */
export function exportFileName(name: string, extension: "pdf" | "xlsx", fallback: "dashboard" | "report" = "dashboard"): string {
  const base = name.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/[\s_-]+/g, "-").slice(0, 80);
  return `${base || fallback}.${extension}`;
}
