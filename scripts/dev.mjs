// `npm run dev`: the API server with reload (tsx watch) on API_PORT and Vite's dev
// server with hot module reload on PORT, proxying /api to the API server.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development', APP_URL: process.env.APP_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort', '--host'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
