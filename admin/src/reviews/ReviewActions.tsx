// A review's decisions: 'Aprovar', 'Rejeitar' (with the reason), 'Excluir' (to the Lixeira), each
// by the worker, which also asks the site to publish again when the place's page changes; and its
// 'Histórico'.
import { type QueuedReview, REVIEW_MESSAGES, TRASH_RETENTION_DAYS } from '@guia-fortim/domain';
import { Button, DialogContentText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { messageOf } from '../errorMessage.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { REVIEWS } from '../resources.ts';
import { decisionsFor } from './queue.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { ReviewHistory } from './ReviewHistory.tsx';

export function ReviewActions({ review }: { review: QueuedReview }) {
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const deleteWithUndo = useDeleteWithUndo();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reading, setReading] = useState(false);
  const { approve, reject } = decisionsFor(review);

  const approveIt = async () => {
    setBusy(true);
    try {
      // the text this row shows: an edit by the author since then refuses the decision
      await dataProvider.moderateReview(review.id, {
        status: 'approved',
        seen_updated_at: review.updated_at,
      });
      notify(REVIEW_MESSAGES.approved);
    } catch (error) {
      notify(
        'Não foi possível aprovar a avaliação.',
        messageOf(error, 'Tente novamente.'),
        'error',
      );
    }
    setBusy(false);
    // Approved (or decided by someone else first): it leaves this tab.
    refresh();
  };

  const rejectIt = async (reason: string) => {
    try {
      await dataProvider.moderateReview(review.id, {
        status: 'rejected',
        reason,
        seen_updated_at: review.updated_at,
      });
    } catch (error) {
      notify(
        'Não foi possível rejeitar a avaliação.',
        messageOf(error, 'Tente novamente.'),
        'error',
      );
      throw error;
    }
    setRejecting(false);
    notify(REVIEW_MESSAGES.rejected);
    refresh();
  };

  const deleteIt = () => {
    setDeleting(false);
    setBusy(true);
    // To the Lixeira at once; 'Desfazer' in the notification restores it.
    void deleteWithUndo(REVIEWS, review, {
      success: REVIEW_MESSAGES.trashed,
      onError: (error) => {
        setBusy(false);
        notify(
          'Não foi possível excluir a avaliação.',
          messageOf(error, 'Tente novamente.'),
          'error',
        );
      },
    });
  };

  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
      {review.is_own && (
        <Typography variant="body2" color="text.secondary">
          {REVIEW_MESSAGES.ownReviewNote}
        </Typography>
      )}
      {approve && (
        <Button size="small" variant="contained" disabled={busy} onClick={() => void approveIt()}>
          Aprovar
        </Button>
      )}
      {reject && (
        <Button size="small" color="warning" disabled={busy} onClick={() => setRejecting(true)}>
          Rejeitar
        </Button>
      )}
      <Button size="small" color="error" disabled={busy} onClick={() => setDeleting(true)}>
        Excluir
      </Button>
      <Button size="small" onClick={() => setReading(true)}>
        Histórico
      </Button>
      {reading && <ReviewHistory id={review.id} onClose={() => setReading(false)} />}
      {rejecting && (
        <RejectDialog
          seenUpdatedAt={review.updated_at}
          onReject={rejectIt}
          onClose={() => setRejecting(false)}
        />
      )}
      <Confirm
        isOpen={deleting}
        title="Excluir avaliação?"
        content={
          // An element, not a string: react-admin would read a string as a message to translate,
          // and the author's name is a visitor's text.
          <DialogContentText>
            {`A avaliação de ${review.author_name} fica na Lixeira por ${TRASH_RETENTION_DAYS} dias e pode ser restaurada de lá.`}
          </DialogContentText>
        }
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={deleteIt}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
