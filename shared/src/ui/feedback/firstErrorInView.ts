/**
 * Where a refused field is scrolled to, and focused: the middle of the view, its label and message with it (antd's
 * own default, the nearest edge, leaves the label above the fold). Every form's `scrollToFirstError` (AppConfig)
 * and the server's messages (placeFieldErrors) use it.
 */
export const firstErrorInView = { block: 'center', focus: true } as const;
