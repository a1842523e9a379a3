import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from './contact-schemas.ts';

const messages = (input: unknown) =>
  contactRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

const valid = {
  topic: 'enterprise',
  name: ' Ana Souza ',
  email: 'Ana@Example.com',
  company: 'Loja Exemplo',
  message: 'We need 50 million requests a month.\r\n\tThanks!',
};

describe('contact request schema', () => {
  it('accepts a complete request, trimming and normalising it', () => {
    expect(contactRequestSchema.parse(valid)).toEqual({
      ...valid,
      name: 'Ana Souza',
      email: 'ana@example.com',
    });
    expect(contactRequestSchema.parse({ ...valid, company: undefined }).company).toBeUndefined();
  });

  it('gives one message per empty field', () => {
    expect(messages({ topic: 'general', name: ' ', email: '', message: '  ' })).toEqual([
      'validation.nameRequired',
      'validation.emailRequired',
      'validation.contactMessageRequired',
    ]);
  });

  it('keeps the message between 10 and 5000 characters', () => {
    expect(messages({ ...valid, message: 'Too short' })).toEqual(['validation.contactMessageLength']);
    expect(messages({ ...valid, message: 'x'.repeat(5001) })).toEqual(['validation.contactMessageLength']);
    expect(messages({ ...valid, message: 'x'.repeat(5000) })).toEqual([]);
  });

  it('refuses NUL bytes and control characters with the field’s message', () => {
    expect(messages({ ...valid, name: 'Ana\u0000' })).toEqual(['validation.contactNameInvalid']);
    expect(messages({ ...valid, company: 'Loja\u001b[31m' })).toEqual(['validation.contactCompanyInvalid']);
    expect(messages({ ...valid, message: 'Hello there\u0000, team' })).toEqual([
      'validation.contactMessageInvalid',
    ]);
    expect(messages({ ...valid, message: 'Hello there\u0085, team' })).toEqual([
      'validation.contactMessageInvalid',
    ]);
    expect(messages({ ...valid, email: 'ana\u0000@example.com' })).toEqual(['validation.emailInvalid']);
    // A name is one line: a line break could start a new header in the team's e-mail.
    expect(messages({ ...valid, name: 'Ana\r\nBcc: x@example.com' })).toEqual([
      'validation.contactNameInvalid',
    ]);
  });

  it('knows only the two topics', () => {
    expect(messages({ ...valid, topic: 'sales' })).toEqual(['validation.contactTopicInvalid']);
  });
});
