/**
 * `npm run bench -- --profile`: loaded into each server process with `node --import` (never in
 * production). SIGUSR2 starts V8's CPU profiler; the next SIGUSR2 stops it and writes
 * `<CPU_PROFILE_DIR>/<pid>-<n>.cpuprofile` (Chrome DevTools' format: open it in the Performance
 * panel or speedscope for a flame graph). The bench sends the signals around one page's load.
 */
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  let running = false;
  let count = 0;
  process.on("SIGUSR2", () => {
    const toggle = running
      ? post("Profiler.stop").then(({ profile }) => {
          const file = path.join(dir, `${process.pid}-${++count}.cpuprofile`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(profile));
          fs.renameSync(`${file}.tmp`, file);
        })
      : post("Profiler.enable").then(() => post("Profiler.setSamplingInterval", { interval: 200 })).then(() => post("Profiler.start"));
    running = !running;
    toggle.catch((error) => console.error("cpu profile:", error));
  });
}
