/** The fewest characters a password may have (the server also refuses the most common ones). */
export const MIN_PASSWORD_LENGTH = 10;
