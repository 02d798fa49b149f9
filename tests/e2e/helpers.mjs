// Shared setup for the e2e tests: the dist/ dir and the two places we serve it.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

// E2E_DIST=/some/dir runs the suite against another build.
export const DIST = process.env.E2E_DIST
  ? resolve(process.env.E2E_DIST) + "/"
  : fileURLToPath(new URL("../../dist/", import.meta.url));
export const BASES = ["/", "/games/loewenherz/"];

if (!existsSync(DIST + "index.html")) {
  throw new Error(`no ${DIST}index.html: build first (trunk build --release, or scripts/test.sh)`);
}
