import {
  getPublicApiUrl,
  KEY_HEADER,
  KEY_PARAMETER,
  type PublicApi,
} from '#web/lib/public-api/public-api.ts';

export const CODE_LANGUAGES = ['curl', 'javascript', 'typescript', 'python', 'php'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Where the example sends the key. */
export const KEY_PLACEMENTS = ['header', 'query'] as const;
export type KeyPlacement = (typeof KEY_PLACEMENTS)[number];

export type CodeExample = {
  api: PublicApi;
  language: CodeLanguage;
  placement: KeyPlacement;
  /** The page's origin: the examples call this very server. */
  origin: string;
  input: string;
  token: string;
};

/** A field the answer carries, printed by the examples: the bid of the pair, the street of the CEP. */
function getPrintedField(api: PublicApi, input: string) {
  if (api === 'cep') return { js: 'data.address', python: 'data["address"]', php: '$data["address"]' };
  const field = input.toUpperCase().replace('-', '');
  return {
    js: `data.${field}.bid`,
    python: `data["${field}"]["bid"]`,
    php: `$data["${field}"]["bid"]`,
  };
}

function curl(url: string, placement: KeyPlacement, token: string): string {
  if (placement === 'query') return `curl "${url}?${KEY_PARAMETER}=${token}"`;
  return `curl "${url}" \\\n  -H "${KEY_HEADER}: ${token}"`;
}

function javascript(url: string, placement: KeyPlacement, token: string, field: string): string {
  const call =
    placement === 'query'
      ? `const response = await fetch("${url}?${KEY_PARAMETER}=${token}");`
      : `const response = await fetch("${url}", {\n  headers: { "${KEY_HEADER}": "${token}" },\n});`;
  return `${call}\nconst data = await response.json();\nconsole.log(${field});`;
}

/**
 * The same call through `@cotacep/client`: it builds the URL, so a comment says which request it sends,
 * written as HTTP (request line, header) so it reads the same in every language of the site.
 */
function typescript({ api, placement, origin, input, token }: Omit<CodeExample, 'language'>): string {
  const url = getPublicApiUrl(api, input, origin);
  const request =
    placement === 'query' ? `// GET ${url}?${KEY_PARAMETER}=…` : `// GET ${url}\n// ${KEY_HEADER}: …`;
  const call = api === 'cep' ? `cotacep.cep.lookup("${input}")` : `cotacep.quotes.last("${input}")`;
  return [
    'import { createCotacepClient } from "@cotacep/client";',
    '',
    request,
    'const cotacep = createCotacepClient({',
    `  baseUrl: "${origin}",`,
    `  token: "${token}",`,
    ...(placement === 'query' ? ['  tokenIn: "query",'] : []),
    '});',
    `const { data, meta } = await ${call};`,
    `console.log(${getPrintedField(api, input).js}, meta.quotaRemaining);`,
  ].join('\n');
}

function python(url: string, placement: KeyPlacement, token: string, field: string): string {
  const options =
    placement === 'query'
      ? `params={"${KEY_PARAMETER}": "${token}"}`
      : `headers={"${KEY_HEADER}": "${token}"}`;
  return [
    'import requests',
    '',
    'response = requests.get(',
    `    "${url}",`,
    `    ${options},`,
    '    timeout=10,',
    ')',
    'response.raise_for_status()',
    'data = response.json()',
    `print(${field})`,
  ].join('\n');
}

function php(url: string, placement: KeyPlacement, token: string, field: string): string {
  const fetch =
    placement === 'query'
      ? [`$url = "${url}?${KEY_PARAMETER}=" . urlencode("${token}");`, '$body = file_get_contents($url);']
      : [
          `$context = stream_context_create([`,
          `    "http" => ["header" => "${KEY_HEADER}: ${token}"],`,
          ']);',
          `$body = file_get_contents("${url}", false, $context);`,
        ];
  return ['<?php', ...fetch, '$data = json_decode($body, true);', `echo ${field}, PHP_EOL;`].join('\n');
}

/** One call of a public API in one language, with the key where `placement` says. */
export function buildCodeExample({ api, language, placement, origin, input, token }: CodeExample): string {
  const url = getPublicApiUrl(api, input, origin);
  const field = getPrintedField(api, input);
  if (language === 'curl') return curl(url, placement, token);
  if (language === 'javascript') return javascript(url, placement, token, field.js);
  if (language === 'typescript') return typescript({ api, placement, origin, input, token });
  if (language === 'python') return python(url, placement, token, field.python);
  return php(url, placement, token, field.php);
}
