// A modal on the native <dialog>: the browser traps focus in it and makes the page behind it
// inert; Escape and a click on the backdrop close it; focus returns where it was.
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  labelledBy?: string;
  label?: string;
  className?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
};

export function Modal({ open, onClose, labelledBy, label, className, onKeyDown, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnFocus = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    dialog.showModal();
    return () => {
      dialog.close();
      root.style.overflow = overflow;
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      className={className}
      onCancel={(event) => {
        // Escape cancels only the topmost dialog, but React passes its 'cancel' on to the dialogs
        // that hold it in the component tree (the listing's, for the photo viewer in it).
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      {open ? children : null}
    </dialog>
  );
}
