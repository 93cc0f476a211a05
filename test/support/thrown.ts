/** What `build` throws (undefined when it returns): for checks of a constructor's refusal. */
export function thrown(build: () => unknown): unknown {
  try {
    build()
  } catch (error) {
    return error
  }
  return undefined
}
