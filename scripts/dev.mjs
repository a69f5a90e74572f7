// `npm run dev`: the API and the device gateway from source with reload on change (tsx watch),
// the web app and the staff console with hot reload (rspack serve on http://localhost:5173 and
// http://localhost:5174/console/, proxying /api).
import { spawn } from 'node:child_process';
import './check-node.mjs';

const source = '--conditions=@glucoguard/source';
const processes = [
  ['api', ['npx', 'tsx', 'watch', source, 'apps/api/src/server.ts']],
  ['gateway', ['npx', 'tsx', 'watch', source, 'apps/device-gateway/src/server.ts']],
  ['web', ['npm', 'run', 'dev', '-w', '@glucoguard/web']],
  ['console', ['npm', 'run', 'dev', '-w', '@glucoguard/console']],
];

const children = processes.map(([name, [command, ...args]]) => {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const prefix = (line) => (line ? `[${name}] ${line}` : line);
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => process.stdout.write(chunk.split('\n').map(prefix).join('\n')));
  }
  return child;
});

const stop = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  'Development: web app http://localhost:5173 and staff console http://localhost:5174/console/ (hot reload), API http://localhost:3000/api, MQTT 1883.',
);
