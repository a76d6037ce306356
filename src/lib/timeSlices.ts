/**
 * Long synchronous work cut into slices: `pause()` yields to the event loop once the current
 * slice has run `sliceMs`, so one request's rendering (a page of fifty records of long rich
 * text) holds every other tenant's requests for a slice at most, not for the whole page.
 */
export const timeSlices = ({ sliceMs = 4 }: { sliceMs?: number } = {}) => {
  let started = performance.now()
  return {
    pause: async (): Promise<void> => {
      if (performance.now() - started < sliceMs) return
      await new Promise<void>((resolve) => setImmediate(resolve))
      started = performance.now()
    },
  }
}
