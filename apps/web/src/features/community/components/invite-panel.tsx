import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { pagePath } from '../../../lib/pages';
import { showToast } from '../../../lib/toast';
import { inviteLink, posterFileName } from '../model/invite-link';
import { InviteLinkActions } from './invite-link-actions';
import './community-invite.css';

const InviteQr = lazy(() => import('./invite-qr'));

interface InvitePanelProps {
  uid: number;
  nickname: string;
}

/**
 * The invitation (community/invite, user/spread): the link with the inviter's uid as `spread`, its QR code, copy,
 * the phone's share sheet, and the poster saved as a PNG. The poster's drawing code loads on the first tap.
 */
export function InvitePanel({ uid, nickname }: InvitePanelProps) {
  const { t } = useTranslation();
  const link = inviteLink(window.location, uid);
  const [saving, setSaving] = useState(false);
  const savePoster = async () => {
    setSaving(true);
    try {
      const { posterPng, saveFile } = await import('../model/invite-poster');
      const blob = await posterPng(link, {
        nickname: nickname || `UID ${uid}`,
        uidLine: t('invite.posterUid', { uid }),
        headline: t('invite.posterHeadline'),
        caption: t('invite.posterCaption'),
        scanHint: t('invite.posterScan'),
      });
      saveFile(blob, posterFileName(uid));
      showToast(t('invite.posterSaved'));
    } catch {
      showToast(t('errors.generic'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card invite" aria-labelledby="invite-title" data-testid="invite-panel">
      <h2 id="invite-title" className="invite__title">
        {t('invite.heading')}
      </h2>
      <p className="invite__lead">{t('invite.lead')}</p>
      <Suspense fallback={<div className="invite__qr invite__qr--loading" aria-hidden="true" />}>
        <InviteQr link={link} label={t('invite.qrLabel')} />
      </Suspense>
      <InviteLinkActions link={link} title={t('invite.posterHeadline')} text={t('invite.shareText', { name: nickname || `UID ${uid}` })}>
        <Button onClick={() => void savePoster()} busy={saving} disabled={saving} data-testid="invite-poster">
          {t('invite.savePoster')}
        </Button>
      </InviteLinkActions>
      <Link className="text-link" to={pagePath('community/share')} data-testid="invite-share-page">
        {t('invite.shareLink')}
      </Link>
    </section>
  );
}
