import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAppConfig } from '../../../lib/app-config';
import { showToast } from '../../../lib/toast';
import { isMobileUserAgent } from '../model/mobile-user-agent';
import type { WalletConnectSession } from '../model/walletconnect-provider';
import './auth.css';

// The encoder comes with the code, not with the sheet's first frame.
const QrCode = lazy(() => import('../../../components/ui/qr-code').then((m) => ({ default: m.QrCode })));

/**
 * How long the pairing URI may take. It comes only once the proposal is on the relay (and, before that, the library
 * waits up to 5 s for WalletConnect's Verify iframe); an unreachable relay would otherwise leave the sheet preparing
 * for ever, since the library keeps retrying without telling.
 */
const WALLETCONNECT_START_TIMEOUT_MS = 30_000;

type Step = { kind: 'loading' } | { kind: 'pairing'; uri: string } | { kind: 'failed' };

interface WalletConnectSheetProps {
  /** The wallet approved the session; the sign-in goes on with it. */
  onConnected: (session: WalletConnectSession) => void;
  onCancel: () => void;
}

/**
 * WalletConnect (decision 044): loads the provider chunk (only now, after the tap), pairs, and shows the `wc:` URI as
 * a QR code for a wallet on another device, a copy button, and on a phone a link that opens a wallet app on this one.
 */
export function WalletConnectSheet({ onConnected, onCancel }: WalletConnectSheetProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const projectId = config.data?.walletconnect_project_id ?? null;
  const relayUrl = config.data?.walletconnect_relay_url ?? null;
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (projectId === null) return;
    const controller = new AbortController();
    let shown = false;
    setStep({ kind: 'loading' });
    const timer = window.setTimeout(() => {
      if (shown) return;
      controller.abort();
      setStep({ kind: 'failed' });
    }, WALLETCONNECT_START_TIMEOUT_MS);
    const showUri = (uri: string) => {
      shown = true;
      setStep({ kind: 'pairing', uri });
    };
    import('../model/walletconnect-provider')
      .then(({ connectWalletConnect }) => connectWalletConnect({ projectId, relayUrl }, showUri, controller.signal))
      .then(
        (session) => {
          if (!controller.signal.aborted) onConnected(session);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setStep({ kind: 'failed' });
        },
      );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [projectId, relayUrl, attempt, onConnected]);

  const copy = async (uri: string) => {
    try {
      await navigator.clipboard.writeText(uri);
      showToast(t('auth.walletConnectCopied'));
    } catch {
      showToast(t('errors.notSupported'));
    }
  };

  return (
    <Modal title={t('auth.walletConnect')} onClose={onCancel} testId="walletconnect">
      {step.kind === 'failed' ? (
        <>
          <p className="modal__text" role="alert">
            {t('auth.walletConnectFailed')}
          </p>
          <Button variant="primary" block onClick={() => setAttempt((n) => n + 1)} data-testid="walletconnect-retry">
            {t('common.retry')}
          </Button>
        </>
      ) : step.kind === 'loading' ? (
        <div className="walletconnect__waiting" data-testid="walletconnect-loading">
          <Spinner />
          <span>{t('auth.walletConnectPreparing')}</span>
        </div>
      ) : (
        <>
          <p className="modal__text">{t('auth.walletConnectHint')}</p>
          <Suspense fallback={<div className="walletconnect__qr" aria-hidden="true" />}>
            <QrCode text={step.uri} label={t('auth.walletConnectQr')} className="walletconnect__qr" testId="walletconnect-qr" />
          </Suspense>
          <code className="walletconnect__uri" data-testid="walletconnect-uri">
            {step.uri}
          </code>
          <div className="walletconnect__actions">
            <Button variant="secondary" block onClick={() => void copy(step.uri)} data-testid="walletconnect-copy">
              {t('auth.walletConnectCopy')}
            </Button>
            {isMobileUserAgent(navigator.userAgent) && (
              <a className="btn btn--primary btn--block" href={step.uri} data-testid="walletconnect-open">
                {t('auth.walletConnectOpen')}
              </a>
            )}
          </div>
        </>
      )}
      <Button variant="ghost" block onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Modal>
  );
}
