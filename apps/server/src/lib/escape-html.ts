/** Text made safe to put in HTML, an element's content or an attribute's quoted value. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
