import { imageVariant } from '@guia-fortim/domain';
import { Box } from '@mui/material';
import { useState } from 'react';

/** A listing's small picture; a placeholder when there is none or it fails to load. */
export function ItemThumb({ url, name }: { url?: unknown; name: string }) {
  const [broken, setBroken] = useState(false);
  const src = typeof url === 'string' && url !== '' && !broken ? imageVariant(url, 'thumb') : null;
  return (
    <Box
      sx={{
        width: 64,
        height: 48,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.200',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        fontSize: 11,
        color: 'text.secondary',
      }}
    >
      {src ? (
        <img
          src={src}
          alt={name}
          onError={() => setBroken(true)}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        'Sem imagem'
      )}
    </Box>
  );
}
