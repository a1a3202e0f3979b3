import { type CarouselSlide, DB_ERROR_MESSAGES } from '@guia-fortim/domain';
import { Box, Button, Card, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { ListBase, useListContext, useRedirect } from 'react-admin';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { normalizeImageStyles } from '../images/imageStyles.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { ItemThumb } from '../layout/ItemThumb.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { SLIDES } from '../resources.ts';
import { CarouselPage } from './CarouselPage.tsx';
import { SlidePreview } from './SlidePreview.tsx';

/** The last slide cannot be deleted (the database refuses it too). */
function canDeleteSlide(slideCount: number): boolean {
  return slideCount > 1;
}

function SlideRows() {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  const deleteWithUndo = useDeleteWithUndo();
  const { data: slides, isPending, error } = useListContext<CarouselSlide>();

  const remove = (slide: CarouselSlide) => {
    if (!canDeleteSlide(slides?.length ?? 0)) {
      notify(DB_ERROR_MESSAGES.lastSlide, undefined, 'error');
      return;
    }
    if (!window.confirm('Tem certeza que deseja excluir este slide?')) return;
    // To the Lixeira at once; 'Desfazer' in the notification restores it.
    void deleteWithUndo(SLIDES, slide, {
      success: 'Slide removido com sucesso!',
      onError: () => notify('Erro ao remover slide', 'Tente novamente mais tarde', 'error'),
    });
  };

  if (isPending) return <Loading />;
  if (error || slides === undefined) {
    return (
      <Typography color="error" sx={{ mt: 2 }}>
        Não foi possível carregar os slides.
      </Typography>
    );
  }
  const first = slides[0];
  return (
    <>
      {first ? (
        <SlidePreview
          slide={{ ...first, image_styles: normalizeImageStyles(first.image_styles) }}
        />
      ) : null}
      {slides.length === 0 ? (
        <Typography sx={{ mt: 2 }}>
          Nenhum slide cadastrado. Clique em "Adicionar Novo Slide" para começar.
        </Typography>
      ) : (
        <Card sx={{ mt: 2 }}>
          <List>
            {slides.map((slide) => (
              <ListItem key={slide.id} data-testid="slide-row">
                <Stack
                  direction="row"
                  spacing={2}
                  alignItems="center"
                  flexWrap="wrap"
                  useFlexGap
                  sx={{ width: '100%' }}
                >
                  <ItemThumb url={slide.image_url} name={slide.title} />
                  <Box sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography fontWeight="bold">
                      {slide.title} {slide.is_active ? null : <Chip size="small" label="Inativo" />}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Ordem: {slide.order_position} | Link: {slide.link}
                    </Typography>
                  </Box>
                  <Button size="small" onClick={() => redirect('edit', SLIDES, slide.id)}>
                    Editar
                  </Button>
                  <Button size="small" color="error" onClick={() => remove(slide)}>
                    Excluir
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </>
  );
}

/** /admin/carousel: every slide in display order, with the first one previewed as the hero. */
export default function SlideList() {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  return (
    <CarouselPage
      action={
        <Button variant="contained" onClick={() => redirect('create', SLIDES)}>
          Adicionar Novo Slide
        </Button>
      }
    >
      <ListBase<CarouselSlide>
        resource={SLIDES}
        perPage={100}
        sort={{ field: 'order_position', order: 'ASC' }}
        disableSyncWithLocation
        queryOptions={{
          onError: () =>
            notify('Erro ao carregar', 'Não foi possível carregar os slides.', 'error'),
        }}
      >
        <SlideRows />
      </ListBase>
    </CarouselPage>
  );
}
