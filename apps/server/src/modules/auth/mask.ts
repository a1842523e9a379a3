/** How a code's destination is shown: enough to recognise it, not enough to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'*'.repeat(Math.max(phone.length - 7, 0))}${phone.slice(-4)}`;
}

export function maskDestination(method: 'email' | 'sms', destination: string): string {
  return method === 'email' ? maskEmail(destination) : maskPhone(destination);
}
