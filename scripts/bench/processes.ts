/** Start a benchmark target in its own process and wait for its `READY <port>` line. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Target {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startTarget(script: string, env: Record<string, string> = {}, stdin?: string): Promise<Target> {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of each target (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(import.meta.dirname, script)], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  else child.stdin!.end();
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    child.stdout!.on('data', (data: Buffer) => {
      // After READY the target's output is its log (a line per request): read and dropped, as a
      // log shipper would take it, never kept.
      if (ready) return;
      output += data.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) {
        ready = true;
        output = '';
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          child,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
