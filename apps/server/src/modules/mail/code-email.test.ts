import { describe, expect, it } from 'vitest';
import { renderCodeEmail, renderCodeSms } from './code-email.ts';

describe('code e-mails', () => {
  it('speak the recipient language, as text and HTML, with the validity in words', () => {
    const base = { code: '012345', name: 'Ana', appName: 'Cotacep' };
    const pt = renderCodeEmail({ ...base, purpose: 'reset', language: 'pt-BR', ttlSeconds: 900 });
    expect(pt.subject).toBe('Redefina sua senha Cotacep');
    expect(pt.text).toContain('Olá, Ana,');
    expect(pt.text).toContain('012345');
    expect(pt.text).toContain('Ele vale por 15 minutos.');
    expect(pt.html).toContain('lang="pt-BR"');
    const en = renderCodeEmail({ ...base, purpose: 'mfa', language: 'en', ttlSeconds: 300 });
    expect(en.subject).toBe('Your Cotacep sign-in code');
    expect(en.text).toContain('It is valid for 5 minutes.');
    expect(
      renderCodeEmail({ ...base, purpose: 'signup', language: 'en', ttlSeconds: 86_400 }).text,
    ).toContain('24 hours');
  });

  it('greets no one by name when no name is given (an address that has confirmed nothing: issue 22)', () => {
    const base = { code: '012345', appName: 'Cotacep', purpose: 'signup' as const, ttlSeconds: 86_400 };
    const pt = renderCodeEmail({ ...base, language: 'pt-BR' });
    expect(pt.text.split('\n')[0]).toBe('Olá,');
    expect(pt.html).toContain('<p>Olá,</p>');
    expect(renderCodeEmail({ ...base, language: 'en' }).text.split('\n')[0]).toBe('Hello,');
  });

  it('escapes names and links in the HTML', () => {
    const mail = renderCodeEmail({
      code: '123456',
      name: '<script>alert(1)</script>',
      appName: 'Cotacep',
      purpose: 'signup',
      language: 'en',
      ttlSeconds: 3600,
      link: 'https://x.example/?a=1&b="2"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('href="https://x.example/?a=1&#38;b=&#34;2&#34;"');
    expect(mail.text).toContain('1 hour.');
  });

  it('SMS are one short line with the code', () => {
    const sms = renderCodeSms({
      code: '654321',
      appName: 'Cotacep',
      purpose: 'phone_verify',
      language: 'pt-BR',
      ttlSeconds: 300,
    });
    expect(sms).toBe('Cotacep: Use este código para verificar seu telefone: 654321');
  });
});
