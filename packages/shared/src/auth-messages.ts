import type { Language } from './languages.ts';

/** Success messages and prompts of the identity flows (spec §8), answered by the server in `{ message }`. */
export const AUTH_MESSAGES = {
  accountConfirmed: {
    en: 'Account confirmed successfully, you can now login',
    'pt-BR': 'Conta confirmada com sucesso, você já pode entrar',
  },
  passwordReset: {
    en: 'Password reset successfully, you can now login with your new password.',
    'pt-BR': 'Senha redefinida com sucesso, você já pode entrar com sua nova senha.',
  },
  saved: { en: 'Saved successfully', 'pt-BR': 'Salvo com sucesso' },
  verifyEmail: { en: 'Please verify your email', 'pt-BR': 'Por favor, verifique seu e-mail' },
  verifyPhone: {
    en: 'Please verify your phone number',
    'pt-BR': 'Por favor, verifique seu número de telefone',
  },
  codeSent: {
    en: 'A verification code has been sent.',
    'pt-BR': 'Um código de verificação foi enviado.',
  },
  resetCodeSent: {
    en: 'If an account exists for this e-mail, a code to reset the password has been sent to it.',
    'pt-BR': 'Se houver uma conta com este e-mail, enviamos para ele um código para redefinir a senha.',
  },
  reauthenticated: { en: 'Identity confirmed.', 'pt-BR': 'Identidade confirmada.' },
  reauthCodeSent: {
    en: 'We sent a code to confirm it is you.',
    'pt-BR': 'Enviamos um código para confirmar que é você.',
  },
  emailChangeUndone: {
    en: 'Your previous e-mail is back and every device was signed out. Set a new password to log in.',
    'pt-BR':
      'Seu e-mail anterior está de volta e todos os dispositivos foram desconectados. Defina uma nova senha para entrar.',
  },
  loggedOut: { en: 'You have been logged out.', 'pt-BR': 'Você saiu da sua conta.' },
  sessionRevoked: { en: 'Session ended.', 'pt-BR': 'Sessão encerrada.' },
  smsMfaNeedsPhone: {
    en: 'No phone number is set for SMS MFA. Add and verify a phone number in your profile first.',
    'pt-BR':
      'Nenhum número de telefone está configurado para o MFA por SMS. Adicione e verifique um telefone no seu perfil primeiro.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;
