/**
 * Password rules after OWASP ASVS level 2 (2.1): at least 12 characters, up to 128, any
 * characters, no composition rules; refused when it is a commonly used password or the user's
 * own e-mail or name. Each failure is one message, listed line by line to the user.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The most common passwords of breach corpora that are 12 characters or longer. */
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "12345678910",
  "qwertyuiopas",
  "qwertyuiop123",
  "password1234",
  "password12345",
  "passwordpassword",
  "iloveyou1234",
  "123123123123",
  "111111111111",
  "000000000000",
  "abcdefghijkl",
  "abc123abc123",
  "qwerty123456",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "zaq12wsxcde3",
  "letmein12345",
  "welcome12345",
  "administrator",
  "changeme1234",
  "meridian-demo1",
  "football1234",
  "monkey123456",
  "superman1234",
  "trustno1trustno1",
  "princess1234",
  "sunshine1234",
  "starwars1234",
]);

export interface PasswordContext {
  readonly email?: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (length > PASSWORD_MAX_LENGTH) problems.push(`This password is too long. It may contain at most ${PASSWORD_MAX_LENGTH} characters.`);
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) problems.push("This password is too common.");
  if (/^\d+$/.test(password)) problems.push("This password is entirely numeric.");
  const personal = [context.email?.split("@")[0], context.email, context.firstName, context.lastName].filter((part): part is string => !!part && part.length >= 4);
  if (personal.some((part) => lower.includes(part.toLowerCase()))) problems.push("The password is too similar to your e-mail address or name.");
  return problems;
}
