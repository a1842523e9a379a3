/** How many passkeys one person may keep: a phone, a laptop and spare security keys, with room to spare. */
export const MAX_PASSKEYS_PER_USER = 20;
