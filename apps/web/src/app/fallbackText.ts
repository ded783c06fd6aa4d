/**
 * English texts shown before the labels are loaded (the config or the labels themselves failed),
 * and the fallback when a label has no translation.
 */
export const FALLBACK_TEXT = {
  loading: 'Loading…',
  retry: 'Retry',
  somethingWentWrong: 'Something went wrong',
  configLoadFailed: "We couldn't load the app's settings. Check your connection and try again.",
  labelsLoadFailed: "We couldn't load the app's texts. Check your connection and try again.",
} as const;
