import type { ImageStyles } from '@guia-fortim/domain';
import { Box, Button, Typography } from '@mui/material';
import { imageStyleCss } from '../images/imageStyles.ts';

/** The slide as the home's hero shows it: photo, title, subtitle and 'Saiba Mais'. */
export function SlidePreview({
  slide,
}: {
  slide: { title: string; subtitle: string; image_url: string; image_styles: ImageStyles };
}) {
  return (
    <Box
      data-testid="slide-preview"
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 720,
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        borderRadius: 2,
        bgcolor: 'grey.800',
      }}
    >
      {slide.image_url ? (
        <img
          src={slide.image_url}
          alt={slide.title || 'Prévia do slide'}
          style={{
            width: '100%',
            height: '100%',
            display: 'block',
            ...imageStyleCss(slide.image_styles),
          }}
        />
      ) : null}
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          color: '#fff',
          background: 'linear-gradient(transparent, rgba(0,0,0,.6))',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="h5" component="p" fontWeight="bold">
          {slide.title}
        </Typography>
        <Typography>{slide.subtitle}</Typography>
        <Box>
          <Button variant="contained" color="secondary" sx={{ mt: 1 }} tabIndex={-1}>
            Saiba Mais
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
