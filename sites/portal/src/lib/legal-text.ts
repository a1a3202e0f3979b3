// A legal page's text (format: LEGAL_TEXT_FORMAT in @guia-fortim/domain) as blocks for the page to
// render. Plain text in, plain text out: the page escapes every string, so a '<' stays a '<'.
export type LegalBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export function legalBlocks(text: string, contactEmail: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const end = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    list = null;
  };
  for (const raw of text.replaceAll('{email}', contactEmail).split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      end();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      if (!list) {
        end();
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(line.slice(2).trim());
    } else if (line === '') {
      end();
    } else {
      if (list) end();
      paragraph.push(line);
    }
  }
  end();
  return blocks;
}
