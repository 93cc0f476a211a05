// Peak heap growth over many calls: a full collection before each sample, so what is measured is what
// is kept, not garbage waiting for the collector. Node only (the heap memory test and the bench).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Runs `call(0 … count-1)`, `concurrency` at a time; resolves to the peak of heap used above the start, in bytes. */
export async function peakHeapGrowth(count: number, concurrency: number, call: (i: number) => Promise<unknown>, sampleEvery = 20): Promise<number> {
  collectGarbage()
  const start = process.memoryUsage().heapUsed
  let peak = 0
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      await call(i)
      if (i % sampleEvery === sampleEvery - 1) {
        collectGarbage()
        peak = Math.max(peak, process.memoryUsage().heapUsed - start)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return peak
}
