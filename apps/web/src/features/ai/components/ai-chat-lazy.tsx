import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../components/ui/loading-state';
import { withFullCatalogue } from '../../../i18n';

// The panel and its Markdown renderer load when the AI segment is first shown, never with the home page.
const Panel = lazy(withFullCatalogue(() => import('./ai-chat-panel')));

/** The AI assistant for the AI chat tab. Self-contained: no props; shows a sign-in hint to visitors. */
export function AiChatPanel() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Panel />
    </Suspense>
  );
}
