// Each class keeps its hue (2xx green, 3xx blue, 4xx amber/orange, 5xx red) and each code its own shade,
// so 400, 404 and 429 never merge into one colour.
const BY_CODE: Record<string, string> = {
  '200': 'green.7',
  '201': 'teal.6',
  '204': 'lime.7',
  '301': 'blue.3',
  '302': 'blue.5',
  '304': 'blue.7',
  '400': 'yellow.5',
  '401': 'yellow.8',
  '403': 'orange.5',
  '404': 'orange.9',
  '422': 'orange.7',
  '429': 'violet.6',
  '500': 'red.8',
  '502': 'red.5',
  '503': 'red.3',
  '504': 'pink.8',
};

const BY_CLASS: Record<string, string> = { '2': 'green.4', '3': 'blue.4', '4': 'orange.3', '5': 'red.6' };

/** The Mantine colour of an HTTP status code's series. */
export function getStatusColor(code: string): string {
  return BY_CODE[code] ?? BY_CLASS[code[0] ?? ''] ?? 'gray.6';
}
