/** The demo page's one stylesheet (served at DEMO_STYLESHEET_PATH: the page's CSP has no inline styles). */
export const DEMO_STYLES = `
html, body { margin: 0; height: 100%; }
body.sb-demo {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2937;
  background: #f3f4f6;
}
.sb-demo-site { position: fixed; inset: 0; width: 100%; height: 100%; border: 0; background: #fff; }
.sb-demo-backdrop {
  min-height: 100%;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px 16px 120px;
  background: linear-gradient(135deg, #eef2f7 0%, #e5e7eb 100%);
}
.sb-demo-card {
  max-width: 520px;
  padding: 32px 28px;
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 8px 30px rgba(15, 23, 42, 0.08);
  overflow-wrap: anywhere;
}
.sb-demo-card h1 { margin: 0 0 12px; font-size: 24px; line-height: 1.3; }
.sb-demo-card p { margin: 0 0 12px; line-height: 1.5; }
.sb-demo-eyebrow { color: #6b7280; font-size: 14px; text-transform: uppercase; letter-spacing: 0.04em; }
.sb-demo-card a { color: #1d4ed8; font-weight: 600; }
.sb-demo-card a:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; border-radius: 2px; }
`;
