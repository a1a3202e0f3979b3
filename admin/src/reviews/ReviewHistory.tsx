// A review's history in a dialog: what its author wrote in each version and each decision on it,
// read only (a review's words are its author's).
import { Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import { REVIEW_FIELD_LABELS } from '../fieldLabels.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';

export function ReviewHistory({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      // The history's own heading says 'Histórico'; the dialog's name says whose.
      slotProps={{ paper: { 'aria-label': 'Histórico da avaliação' } }}
    >
      <DialogContent>
        <HistoryPanel table="reviews" rowId={id} fieldLabels={REVIEW_FIELD_LABELS} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
