/** The error a promise rejects with; fails the test when it fulfils instead. Runs in browsers too. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection, but the promise fulfilled')
}
