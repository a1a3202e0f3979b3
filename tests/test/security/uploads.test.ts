// Hostile uploads through POST /api/images: other formats behind image names, polyglots, oversize
// and lying lengths, decompression bombs, truncated and empty files, malformed forms. Each refusal
// is the documented Portuguese error with the bucket unchanged; an accepted polyglot is stored only
// as re-encoded JPEGs, served with a fixed type and `nosniff`.
import { connect } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { admin, r2ObjectCount } from '@guia-fortim/api/testing/client';
import { decode, photo } from '@guia-fortim/api/testing/photos';
import {
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  imageFormats,
  imageVariant,
} from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Reply, stack } from './support/callers.ts';

// Resize bounds: hero 1600x900 …, card 800x600 …, thumb 400x300 …; JPEG output.

let token: string;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  token = (await admin()).token;
  jpeg = await photo({ width: 320, height: 240 });
  png = await photo({ width: 320, height: 240, format: 'png' });
});

function form(entries: [field: string, bytes: Buffer, name: string, type?: string][]) {
  const body = new FormData();
  for (const [field, bytes, name, type] of entries) {
    body.append(field, new Blob([new Uint8Array(bytes)], { type: type ?? '' }), name);
  }
  return body;
}

const upload = (body: BodyInit, folder: string | null = 'general') =>
  api('POST', `/api/images${folder === null ? '' : `?folder=${encodeURIComponent(folder)}`}`, {
    token,
    body,
  });

const text = (value: string) => Buffer.from(value, 'utf8');
const SCRIPT = '<html><body><script>alert(document.domain)</script></body></html>';

/** A PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A black-and-white PNG of `width × height` (1 bit per pixel, all zero, so it deflates to almost
 * nothing). Honest: its pixel data is complete (a real decompression bomb); otherwise the header
 * lies over one tiny row of data.
 */
function bombPng(width: number, height: number, honest: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = honest ? height * (1 + Math.ceil(width / 8)) : 64;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with `payload` in a comment segment right after the start-of-image marker. */
function jpegWithComment(image: Buffer, payload: string): Buffer {
  const data = text(payload);
  const marker = Buffer.from([0xff, 0xfe, (data.length + 2) >> 8, (data.length + 2) & 0xff]);
  return Buffer.concat([image.subarray(0, 2), marker, data, image.subarray(2)]);
}

/** A valid GIF that is also a script: `GIF89a` reads as an identifier, the rest as code. */
const GIF_JS = Buffer.concat([
  text('GIF89a/*'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
  text('*/=1;alert(document.domain);/*'),
  Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  text('*/'),
]);

const invalidFormat = (name: string) => ({
  status: 415,
  code: 'invalid_format',
  message: `${name} não é uma imagem válida.`,
});

function expectError(reply: Reply, expected: { status: number; code: string; message: string }) {
  expect([reply.status, reply.body?.error?.code, reply.body?.error?.message]).toEqual([
    expected.status,
    expected.code,
    expected.message,
  ]);
}

describe('files that are not what their name says', () => {
  const cases: [string, () => Buffer, string, string][] = [
    [
      'a PDF named .jpg',
      () => text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'),
      'documento.jpg',
      'image/jpeg',
    ],
    ['an HTML page named .jpg', () => text(SCRIPT), 'pagina.jpg', 'image/jpeg'],
    [
      'an SVG with a script named .png',
      () =>
        text(
          `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
        ),
      'vetor.png',
      'image/png',
    ],
    [
      'a ZIP named .jpg',
      () => Buffer.concat([text('PK\u0003\u0004'), Buffer.alloc(200, 1)]),
      'pacote.jpg',
      'image/jpeg',
    ],
    ['a GIF/JavaScript polyglot named .jpg', () => GIF_JS, 'poliglota.jpg', 'image/jpeg'],
    [
      'JPEG magic bytes followed by HTML',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), text(SCRIPT)]),
      'falsa.jpg',
      'image/jpeg',
    ],
    ['a JPEG cut after 600 bytes', () => jpeg.subarray(0, 600), 'cortada.jpg', 'image/jpeg'],
    ['a PNG cut after its header', () => png.subarray(0, 33), 'cortada.png', 'image/png'],
    [
      'a PNG cut in the middle of its pixels',
      () => png.subarray(0, Math.floor(png.length / 2)),
      'metade.png',
      'image/png',
    ],
    ['an empty file', () => Buffer.alloc(0), 'vazio.jpg', 'image/jpeg'],
  ];
  for (const [label, bytes, name, type] of cases) {
    it(`${label}: 'Formato inválido', nothing stored`, async () => {
      const objects = r2ObjectCount();
      expectError(await upload(form([['file', bytes(), name, type]])), invalidFormat(name));
      expect(r2ObjectCount()).toBe(objects);
    });
  }
});

describe('polyglots that are real images', () => {
  const cases: [string, () => Buffer, string][] = [
    ['a JPEG with an HTML page appended', () => Buffer.concat([jpeg, text(SCRIPT)]), 'anexo.jpg'],
    [
      'a JPEG with a script in a comment segment',
      () => jpegWithComment(jpeg, SCRIPT),
      'comentario.jpg',
    ],
    [
      'a PNG with a script in a text chunk and after its end',
      () =>
        Buffer.concat([
          png.subarray(0, png.length - 12),
          chunk('tEXt', text(`Comment\u0000${SCRIPT}`)),
          png.subarray(png.length - 12),
          text(SCRIPT),
        ]),
      'texto.png',
    ],
  ];
  for (const [label, bytes, name] of cases) {
    it(`${label}: stored only as clean images, each served as its own type with nosniff`, async () => {
      const objects = r2ObjectCount();
      const reply = await upload(form([['file', bytes(), name]]));
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['card', 'hero', 'thumb']);
      const stored = IMAGE_VARIANT_NAMES.flatMap((variant) =>
        imageFormats(reply.body.hero, variant).map((format) => ({
          format,
          url: imageVariant(reply.body.hero, variant, format),
        })),
      );
      // Every size in JPEG and WebP, the card and the thumb also in AVIF.
      expect(stored).toHaveLength(8);
      expect(r2ObjectCount()).toBe(objects + stored.length);
      for (const { format, url } of stored) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(IMAGE_FORMATS[format].type);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.includes('<script')).toBe(false);
        expect(body.includes('<html')).toBe(false);
        if (format === 'jpeg') {
          expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
          // Ends at its end-of-image marker: nothing rides after the picture.
          expect([...body.subarray(-2)]).toEqual([0xff, 0xd9]);
        } else if (format === 'webp') {
          // A RIFF container whose declared size is the whole file: nothing rides after it.
          expect(body.readUInt32LE(4) + 8).toBe(body.length);
        }
        expect(await decode(body)).toMatchObject({
          format: format === 'avif' ? 'heif' : format,
          exif: false,
        });
      }
    });
  }
});

describe('decompression bombs', () => {
  const pixels = (name: string, width: number, height: number) => ({
    status: 422,
    code: 'image_too_large',
    message: `Imagem grande demais: ${name} tem ${width}×${height} pixels; o máximo é 40 megapixels.`,
  });

  it('a 10 KB PNG that really decodes to 48 megapixels', async () => {
    const objects = r2ObjectCount();
    const bomb = bombPng(8000, 6000, true);
    expect(bomb.length).toBeLessThan(10 * 1024);
    expectError(await upload(form([['file', bomb, 'bomba.png']])), pixels('bomba.png', 8000, 6000));
    expect(r2ObjectCount()).toBe(objects);
  });

  it('a 100-byte PNG whose header claims 10000×5000', async () => {
    const objects = r2ObjectCount();
    const liar = bombPng(10_000, 5_000, false);
    expect(liar.length).toBeLessThan(100);
    expectError(
      await upload(form([['file', liar, 'mentira.png']])),
      pixels('mentira.png', 10_000, 5_000),
    );
    expect(r2ObjectCount()).toBe(objects);
  });
});

describe('oversize bodies', () => {
  const FILE_TOO_LARGE = { status: 413, code: 'file_too_large' };

  it('a file over 5 MB', async () => {
    const objects = r2ObjectCount();
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024, 7)]);
    expectError(await upload(form([['file', big, 'enorme.jpg']])), {
      ...FILE_TOO_LARGE,
      message: 'enorme.jpg deve ter no máximo 5MB.',
    });
    expect(r2ObjectCount()).toBe(objects);
  });

  it('a 6 MB body streamed without Content-Length', async () => {
    const objects = r2ObjectCount();
    const piece = new Uint8Array(256 * 1024).fill(9);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 24) return controller.close();
        sent += 1;
        controller.enqueue(piece);
      },
    });
    const response = await fetch(`${stack.apiUrl}/api/images?folder=general`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data; boundary=xyz',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toEqual({
      code: 'file_too_large',
      message: 'O arquivo deve ter no máximo 5MB.',
    });
    expect(r2ObjectCount()).toBe(objects);
  });

  /** A raw request whose Content-Length is whatever we say; resolves with the server's answer. */
  function rawUpload(declaredLength: number, body: Buffer): Promise<string> {
    const url = new URL(stack.apiUrl);
    const head = [
      'POST /api/images?folder=general HTTP/1.1',
      `Host: ${url.host}`,
      `Authorization: Bearer ${token}`,
      'Content-Type: multipart/form-data; boundary=xyz',
      `Content-Length: ${declaredLength}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    // The declared bytes go first and the rest only once the worker has answered: a server that
    // read past Content-Length would wait for more and never answer. (Sending it all at once let
    // the worker's close reset the connection before its answer was read: EPIPE, no answer.)
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let answer = '';
      socket.setTimeout(20_000, () => socket.destroy(new Error('sem resposta')));
      socket.on('data', (data) => {
        if (!answer) socket.write(body.subarray(declaredLength), () => socket.end());
        answer += data.toString('latin1');
      });
      socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
      socket.on('close', () => resolve(answer));
      socket.write(head);
      socket.write(body.subarray(0, declaredLength));
    });
  }

  it('a Content-Length understating a 6 MB body reads no further than it says', async () => {
    const objects = r2ObjectCount();
    const multipart = Buffer.concat([
      text('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n'),
      text('Content-Type: image/jpeg\r\n\r\n'),
      jpeg,
      Buffer.alloc(6 * 1024 * 1024, 3),
      text('\r\n--xyz--\r\n'),
    ]);
    const answer = await rawUpload(1000, multipart);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"invalid_upload"');
    expect(r2ObjectCount()).toBe(objects);
  });
});

describe('malformed uploads', () => {
  const ONE_FILE = {
    status: 400,
    code: 'invalid_upload',
    message: 'Envie exatamente uma foto no campo "file".',
  };
  const BAD_FOLDER = {
    status: 400,
    code: 'invalid_folder',
    // Folders hospedagens, comercios, passeios, general, carousel.
    message: 'Pasta inválida. Use uma destas: hospedagens, comercios, passeios, general, carousel.',
  };

  it('two files, a wrong field name, no file, a text field, or not multipart at all', async () => {
    const objects = r2ObjectCount();
    expectError(
      await upload(
        form([
          ['file', jpeg, 'a.jpg'],
          ['file', jpeg, 'b.jpg'],
        ]),
      ),
      ONE_FILE,
    );
    expectError(await upload(form([['foto', jpeg, 'a.jpg']])), ONE_FILE);
    expectError(await upload(new FormData()), ONE_FILE);
    const textField = new FormData();
    textField.append('file', 'não é arquivo');
    expectError(await upload(textField), ONE_FILE);
    const json = await api('POST', '/api/images?folder=general', { token, json: { file: 'x' } });
    expectError(json, {
      status: 400,
      code: 'invalid_upload',
      message: 'Envie a foto como multipart/form-data no campo "file".',
    });
    expect(r2ObjectCount()).toBe(objects);
  });

  it('a folder outside the list, with traversal, or none', async () => {
    const objects = r2ObjectCount();
    for (const folder of ['segredos', '../general', 'general/../..', 'GENERAL', '', null]) {
      expectError(await upload(form([['file', jpeg, 'a.jpg']]), folder), BAD_FOLDER);
    }
    expect(r2ObjectCount()).toBe(objects);
  });
});
