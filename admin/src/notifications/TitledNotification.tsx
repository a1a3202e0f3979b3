import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import { createSvgIcon } from '@mui/material/utils';
import { useCloseNotification } from 'react-admin';

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

export interface TitledNotificationProps {
  title: string;
  /** One line each (text only, never HTML). */
  lines: readonly string[];
  type: NotificationKind;
  /** 'Desfazer': puts back what the notified change did (it was saved already). */
  undo?: () => void;
}

// Material's close icon: an <Alert> with its own actions leaves its built-in close button out.
const CloseIcon = createSvgIcon(
  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />,
  'Close',
);

/**
 * What react-admin's <Notification> shows for the panel's notifications: a message passed to
 * notify() as an element replaces the snackbar's own content, so the element carries the type's
 * colours, the title over its description, 'Desfazer' when the change can be undone, and 'Fechar'.
 */
export function TitledNotification({ title, lines, type, undo }: TitledNotificationProps) {
  const close = useCloseNotification();
  return (
    <Alert
      variant="filled"
      severity={type}
      action={
        <>
          {undo ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                close();
                undo();
              }}
            >
              Desfazer
            </Button>
          ) : null}
          <IconButton
            aria-label="Fechar"
            title="Fechar"
            color="inherit"
            size="small"
            onClick={close}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ width: '100%', maxWidth: 560, overflowWrap: 'anywhere' }}
    >
      <AlertTitle sx={{ mt: 0, mb: lines.length > 0 ? 0.5 : 0 }}>{title}</AlertTitle>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
