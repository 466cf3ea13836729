import type { AppConfig } from "../../contracts/app-config";

/**
 * The first screen: the product's name and, in demo mode only, the demo logins. The sign-in
 * form and the app shell build on this in the client core.
 */
export function StartPage({ config }: { config: AppConfig }) {
  return (
    <main style={{ maxWidth: 560, margin: "10vh auto", padding: "0 24px" }}>
      <h1 style={{ fontWeight: 600, letterSpacing: "-0.02em" }}>Meridian</h1>
      <p>Report, plan and steer your business performance.</p>
      {config.demo && <DemoHint demo={config.demo} />}
    </main>
  );
}

function DemoHint({ demo }: { demo: NonNullable<AppConfig["demo"]> }) {
  return (
    <section aria-labelledby="demo-hint-title" data-testid="demo-hint" style={{ border: "1px solid #3a4560", borderRadius: 8, padding: "12px 16px" }}>
      <h2 id="demo-hint-title" style={{ fontSize: 16, margin: "0 0 8px" }}>
        Demo mode
      </h2>
      <p style={{ margin: "0 0 8px" }}>
        Every demo account uses the password <code>{demo.password}</code>.
      </p>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {demo.logins.map((login) => (
          <li key={login.email}>
            <code>{login.email}</code> — {login.role}, {login.company}
          </li>
        ))}
      </ul>
    </section>
  );
}
