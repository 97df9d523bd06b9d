// eslint (make lint, scripts/test-all): the recommended rules on the browser's scripts and
// their tests. Modules (*.mjs) import what they use; the classic scripts left (*.js) share the
// page's globals; the service worker has its own.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "static/vendor/", "staticfiles/", ".venv/", "test-artifacts/", "site/", "prints/"] },
  js.configs.recommended,
  {
    files: ["static/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
    rules: { "no-var": "error", "prefer-const": "error" },  // the modules are written anew
  },
  {
    files: ["static/**/*.js"],
    ignores: ["static/scorekeeper/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["static/scorekeeper/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, CONFIG: "readonly", RELEASE: "readonly" } },
  },
  {
    files: ["static/scorekeeper/engine-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["tests/js/**/*.mjs", "tests/browser/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
