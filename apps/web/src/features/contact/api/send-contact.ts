import type { ContactRequest, ContactResponse } from '@cotacep/shared/contact-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** Public: a signed-in sender's Bearer token travels along and the server notes the account. */
export async function sendContact(input: ContactRequest): Promise<ContactResponse> {
  const { data } = await apiClient.post<ContactResponse>('contact', input);
  return data;
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
