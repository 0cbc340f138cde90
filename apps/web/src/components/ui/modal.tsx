import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  /** The sheet's sentence, under the title. */
  text?: ReactNode;
  children?: ReactNode;
  /** The buttons at the foot, stacked. */
  actions?: ReactNode;
  testId?: string;
}

/** A bottom sheet dialog (z-index 10075). Escape and the backdrop close it. */
export function Modal({ title, onClose, text, children, actions, testId }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, read by the Escape listener: callers pass a new function on every render, and an effect
  // keyed on it re-ran at each of the parent's renders, moving the focus to the control behind the sheet and back.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('button, [href], input, select')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return (
    <div className="modal-layer" onClick={onClose}>
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {text !== undefined && <p className="modal__text">{text}</p>}
        {children}
        {actions !== undefined && <div className="modal__actions">{actions}</div>}
      </div>
    </div>
  );
}
