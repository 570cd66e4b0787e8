// The npm registry this project's machines reach carries only the Linux builds of some platform-specific
// optional packages (e.g. @biomejs/cli-darwin-x64). `npm install` then leaves them out of the lock file, and
// `npm ci` refuses a lock that lacks them. This adds a stub entry for each missing optional dependency of an
// exact version; npm ci skips stubs whose os/cpu do not match, and tolerates optional packages it cannot fetch.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const PLATFORM = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(-(musl|gnu|msvc))?$/;
let added = 0;
for (const [, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const match = PLATFORM.exec(name);
    if (lock.packages[key] || !match || !/^\d+\.\d+\.\d+$/.test(version)) continue;
    lock.packages[key] = {
      version,
      cpu: [match[2]],
      ...(entry.dev ? { dev: true } : {}),
      ...(match[4] === 'musl' ? { libc: ['musl'] } : {}),
      optional: true,
      os: [match[1]],
    };
    added += 1;
  }
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lock: added ${added} platform stub(s)`);
}
