import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';

interface ShareActionsProps {
  link: string;
  /** What the phone's share sheet shows with the link. */
  title: string;
  text: string;
  /** More actions beside copy and share (the poster). */
  children?: ReactNode;
}

/** Whether this browser has a share sheet (the Web Share API); desktop browsers mostly do not. */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The invite link as text, with copy and, where the phone has one, its share sheet. */
export function InviteLinkActions({ link, title, text, children }: ShareActionsProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('invite.copied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, text, url: link });
    } catch (error) {
      // Closing the sheet is an AbortError: the person changed their mind, nothing to say.
      if (!(error instanceof DOMException && error.name === 'AbortError')) showToast(t('errors.notSupported'));
    }
  };
  return (
    <>
      <span className="invite__label">{t('invite.linkLabel')}</span>
      <code className="invite__link" data-testid="invite-link">
        {link}
      </code>
      <div className="invite__actions">
        <Button variant="secondary" onClick={() => void copy()} data-testid="invite-copy">
          {t('invite.copy')}
        </Button>
        {canShare() && (
          <Button variant="secondary" onClick={() => void share()} data-testid="invite-share">
            {t('invite.share')}
          </Button>
        )}
        {children}
      </div>
    </>
  );
}
