/** Every user-facing error text (product.md#errors), kept once. */
export const LOGIN_ERRORS = {
  alreadyUsed: 'That link or code no longer works because you have already used it, please try again.',
  tooOld: 'That link or code no longer works because it is too old, please try again.',
  failed: 'Login failed. Please check your email address is correct, and try again.',
  /** Not one of the texts of product.md#errors: a code that matches none sent to the address says so (ADR 0048). */
  wrongCode: "That code isn't right. Please check the code in our latest email to you and try again.",
} as const;

export const CLIENT_ERRORS = {
  notFound: 'The resource you requested cannot be found, please try again later or contact support.',
  otherStatus: 'Something went wrong, please try again or contact support.',
  cancelled: 'Request cancelled.',
  noResponse:
    'The connection to the server timed out. Please try refreshing the page, clearing your browser or contacting support.',
  unknown: 'An unknown error occurred. Please try contacting support.',
  schema: 'We cannot process that request, please try again or contact support.',
  other: 'Something is not quite right, please try again or contact support.',
} as const;

export const HELPDESK_SUCCESS = "Thanks, your message has been sent. We'll be in touch soon.";
export const ADDRESS_NO_PARTY = 'Something went wrong handling your address, please contact support.';
export const ERROR_PAGE_DEFAULT_MESSAGE = 'Something went wrong, please contact support.';
export const NOT_FOUND_PAGE_TITLE = 'Page Not Found';
export const NOT_FOUND_HEADING = '404 Not Found';
export const SERVER_ERROR_HEADING = '500 Server Error';
