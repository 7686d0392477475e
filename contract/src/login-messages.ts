// The login screen's strings (messages.login), in a module of their own: the Login page shows them
// on its first load without loading the whole catalogue.
export const loginMessages = {
  headline: 'Login to manage employees, print cards and run reports',
  failed: 'Login failed',
  emptyResponse: 'Empty response from server',
  tokenMissing: 'Access token is missing from response',
  userTypeMissing: 'User type is missing from response',
  success: 'Login successful!',
  submitting: 'Logging in...',
  submit: 'Login',
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many login attempts. Please wait a minute and try again.',
  /** The server refused the token of a signed-in page (messages.general.unauthorized is the same text). */
  sessionEnded: 'Your session has expired or is invalid. Please log in again.',
} as const;
