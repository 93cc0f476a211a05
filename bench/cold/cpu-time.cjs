// Preloaded (node --require) into every program scripts/cold-start.ts times, the empty one included: as the
// process exits, it writes the CPU time the process used since it started (user + system, all threads, µs).
process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  require('node:fs').writeSync(2, `\ncpu-us ${user + system}\n`)
})
