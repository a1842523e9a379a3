import { useChosenKey } from '../lib/use-chosen-key.ts';
import { CodeExamples } from './code-examples.tsx';
import { TryItPanel } from './try-it-panel.tsx';

/** A visitor's examples (no key: the placeholder): an island of the prerendered page (decision 039). */
export function VisitorCodeExamples() {
  return <CodeExamples chosenKey={useChosenKey(null)} />;
}

/** A visitor's Try it (anonymous calls): an island of the prerendered page. */
export function VisitorTryIt() {
  return <TryItPanel chosenKey={useChosenKey(null)} isSignedIn={false} />;
}
