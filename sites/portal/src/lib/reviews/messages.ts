// The texts the site's review screens show. The worker's refusals come with their own Portuguese
// message (REVIEW_MESSAGES in @guia-fortim/domain) and are shown as they come; so are the domain's
// words for what the worker and the site both say.
import { REVIEW_MESSAGES } from '@guia-fortim/domain';

export const REVIEW_TEXT = {
  sectionTitle: 'Avaliações dos visitantes',
  guideRating: 'Nota do guia',
  visitors: 'Visitantes',
  none: 'Este lugar ainda não tem avaliações de visitantes.',
  report: 'Denunciar',
  reportSignedOut: 'Entre na sua conta para denunciar uma avaliação.',
  formTitle: 'Avaliar este lugar',
  signedOut: 'Entre na sua conta para avaliar este lugar.',
  signIn: 'Entrar',
  stars: 'Sua nota',
  comment: 'Comentário',
  send: 'Enviar avaliação',
  sending: 'Enviando...',
  sent: REVIEW_MESSAGES.submitted,
  yours: 'Sua avaliação',
  edit: 'Editar',
  editNote: 'Ao editar, a avaliação volta para a moderação antes de aparecer de novo.',
  cancel: 'Cancelar',
  remove: 'Excluir',
  removeConfirm: 'Excluir esta avaliação? Esta ação não pode ser desfeita.',
  removed: REVIEW_MESSAGES.deleted,
  mine: 'Minhas avaliações',
  mineNone: 'Você ainda não avaliou nenhum lugar.',
  reason: 'Motivo',
  loading: 'Carregando...',
  readFailed: 'Não foi possível carregar as avaliações. Tente novamente.',
  failed: 'Não foi possível enviar. Tente novamente.',
  network: 'Não foi possível conectar. Verifique sua conexão com a internet e tente novamente.',
} as const;
