/** The password policy's lengths, apart so that the messages stating them can import them without a cycle. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
