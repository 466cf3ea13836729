import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers. The CSP allows only our own origin for scripts and connections; styles also
 * allow inline because styled-components injects <style> elements at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string; frameAncestors?: readonly string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        // Investor instances elsewhere may frame the app (EMBED_ALLOWED_ORIGINS).
        frameAncestors: ["'self'", ...(options.frameAncestors ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.publicUrl.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Served over plain http on localhost by default; HSTS only makes sense behind https.
    strictTransportSecurity: options.publicUrl.startsWith("https:"),
    // Framing is governed by frame-ancestors; X-Frame-Options cannot name other origins.
    xFrameOptions: false,
  });
}
