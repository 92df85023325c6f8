import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { caseStudyProblem, plainText, renderCaseStudy, safeAddress, slugify, type CaseStudyPicture } from './case-study-render.ts';
import { CASE_STUDY } from '#domain/vocabulary.ts';
import { MARKDOWN_ADDRESS_PAYLOADS, OWASP_XSS_PAYLOADS } from './xss-payloads.ts';

type Node = DefaultTreeAdapterMap['childNode'];

/** Every element and attribute the renderer may write, and what an address may start with. */
const ELEMENTS = new Set([
  'p', 'h3', 'h4', 'h5', 'h6', 'a', 'em', 'strong', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'br',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'span',
]);
const ATTRIBUTES = new Set(['href', 'rel', 'id', 'tabindex', 'class', 'src', 'srcset', 'sizes', 'alt', 'width', 'height', 'title', 'loading', 'decoding', 'start']);
const SAFE_URL = /^(https?:\/\/|mailto:|#|\/(?![/\\]))/i;

function elements(html: string): { tag: string; attrs: { name: string; value: string }[] }[] {
  const out: { tag: string; attrs: { name: string; value: string }[] }[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if ('tagName' in node) {
        out.push({ tag: node.tagName, attrs: node.attrs });
        walk(node.childNodes);
      }
    }
  };
  walk(parseFragment(html).childNodes);
  return out;
}

/** Holds rendered HTML to the allowlist, as a browser would parse it. */
function expectHarmless(html: string) {
  for (const { tag, attrs } of elements(html)) {
    expect(ELEMENTS, `element <${tag}> in ${html}`).toContain(tag);
    for (const { name, value } of attrs) {
      expect(ATTRIBUTES, `attribute ${name} on <${tag}> in ${html}`).toContain(name);
      if (name === 'href' || name === 'src') expect(value, `${name} in ${html}`).toMatch(SAFE_URL);
      if (name === 'srcset') for (const part of value.split(',')) expect(part.trim()).toMatch(SAFE_URL);
    }
  }
}

const GALLERY: CaseStudyPicture[] = [
  { url: '/api/images/sketch1', title: 'Sketch', width: 1200, height: 800 },
  { url: 'https://cdn.example/shot.png', title: 'Shot', width: null, height: null },
];

describe('the case-study renderer', () => {
  it('renders headings, lists, links, quotes, code and tables', () => {
    const { html } = renderCaseStudy(
      [
        '# Problem',
        'Tides are **hard** to _read_; see [the chart](https://tides.example/chart) or [below](#process).',
        '## Process',
        '- sketch',
        '- build',
        '> What we learned',
        '```\nconst tide = 3;\n```',
        '| Step | Days |\n| :--- | ---: |\n| Sketch | 3 |',
      ].join('\n\n'),
    );
    expect(html).toContain('<h3 id="problem" tabindex="-1"><a class="heading-anchor" href="#problem">Problem</a></h3>');
    expect(html).toContain('<h4 id="process"');
    expect(html).toContain('<strong>hard</strong>');
    expect(html).toContain('<a href="https://tides.example/chart" rel="noopener noreferrer">the chart</a>');
    expect(html).toContain('<a href="#process">below</a>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>const tide = 3;\n</code>');
    expect(html).toContain('<th class="align-left">Step</th>');
    expect(html).toContain('<td class="align-right">3</td>');
    expect(html).not.toContain('style=');
    expectHarmless(html);
  });

  it('counts words, minutes to read and headings, and earns a table of contents from four headings', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' ');
    const three = renderCaseStudy(`## One\n\n${words}\n\n## Two\n\n## Three`);
    expect(three.words).toBe(2003);
    expect(three.readingMinutes).toBe(10);
    expect(three.headings.map((heading) => heading.text)).toEqual(['One', 'Two', 'Three']);
    expect(three.toc).toBe(false);
    const four = renderCaseStudy('## A\n\n## B\n\n### B1\n\n## C');
    expect(four.toc).toBe(true);
    expect(four.headings).toEqual([
      { id: 'a', text: 'A', level: 3 },
      { id: 'b', text: 'B', level: 3 },
      { id: 'b1', text: 'B1', level: 4 },
      { id: 'c', text: 'C', level: 3 },
    ]);
    expect(renderCaseStudy('').readingMinutes).toBe(0);
  });

  it('never gives a heading an id the page uses, nor the same id twice', () => {
    const { headings } = renderCaseStudy('## About\n\n## Tags\n\n## Tags\n\n## Ünïcode café\n\n## 東京');
    expect(headings.map((heading) => heading.id)).toEqual(['about-1', 'tags-1', 'tags-2', 'unicode-cafe', '東京']);
    expect(slugify('!!!')).toBe('section');
  });

  it("shows the project's own pictures, with sizes, and any other picture as its alt text", () => {
    const { html } = renderCaseStudy(
      '![First sketch](/api/images/sketch1)\n\n![Shot](https://cdn.example/shot.png)\n\n![Stranger](/api/images/other)',
      GALLERY,
    );
    expect(html).toContain(
      '<img src="/api/images/sketch1?w=960" srcset="/api/images/sketch1?w=480 480w, /api/images/sketch1?w=720 720w, /api/images/sketch1?w=960 960w" sizes="(min-width: 1024px) 760px, calc(100vw - 4rem)" alt="First sketch" width="1200" height="800" loading="lazy" decoding="async" class="case-study-picture">',
    );
    expect(html).toContain('<img src="https://cdn.example/shot.png" alt="Shot" loading="lazy"');
    expect(html).toContain('<span class="case-study-missing">[Stranger]</span>');
    expect(html).not.toContain('/api/images/other');
  });

  it('shows a video or demo link as a link naming its site, never a frame', () => {
    const { html } = renderCaseStudy('[Watch the walkthrough](https://www.youtube.com/watch?v=abc)');
    expect(html).toContain('<p class="case-study-media"><a href="https://www.youtube.com/watch?v=abc" class="case-study-media-link" rel="noopener noreferrer">Watch the walkthrough (YouTube, opens the site)</a></p>');
    expect(html).not.toMatch(/<iframe/i);
  });

  it.each(OWASP_XSS_PAYLOADS.map((payload, index) => [index, payload] as const))('keeps OWASP payload %i harmless: %s', (_index, payload) => {
    for (const markdown of [payload, `Text ${payload} text`, `- ${payload}`, `> ${payload}`, `| a |\n| - |\n| ${payload} |`, `# ${payload}`]) {
      const { html } = renderCaseStudy(markdown, GALLERY);
      expectHarmless(html);
      expect(html).not.toMatch(/<(script|iframe|style|svg|object|embed|meta|base|link|body|frame|input|xml)/i);
    }
  });

  it.each(MARKDOWN_ADDRESS_PAYLOADS)('never links or shows a picture at %s', (address) => {
    for (const markdown of [`[click](${address})`, `![alt](${address})`, `[click](<${address}>)`, `[click][r]\n\n[r]: ${address}`, `<${address}>`, address]) {
      const { html } = renderCaseStudy(markdown, GALLERY);
      expectHarmless(html);
      expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|livescript|data|file):/i);
    }
    expect(safeAddress(address)).toBe(false);
  });

  it('survives 10,000 nested list levels, quotes and the longest body without running away', () => {
    // Past the nesting limit the page shows less (a save that deep is refused, below); nothing breaks.
    const lists = renderCaseStudy('- '.repeat(10_000) + 'deep');
    expectHarmless(lists.html);
    expect(lists.html.length).toBeLessThan(10_000);
    expect(caseStudyProblem('- '.repeat(10_000) + 'deep', [])).toMatch(/more than 20 levels deep/);
    expect(caseStudyProblem('- '.repeat(19) + 'deep', [])).toBeNull();
    const quotes = renderCaseStudy('>'.repeat(10_000) + ' deep');
    expectHarmless(quotes.html);
    expect(caseStudyProblem('>'.repeat(10_000) + ' deep', [])).toMatch(/more than 20 levels deep/);
    const indented = renderCaseStudy(Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'));
    expectHarmless(indented.html);
    // The longest body a save takes (a 2 MB one is refused by the shape: tests/api/case-studies.test.ts).
    const big = renderCaseStudy('<script>alert(1)</script> word '.repeat(CASE_STUDY.maxLength / 32));
    expect(big.words).toBeGreaterThan(5000);
    expect(big.html).not.toContain('<script');
  }, 60_000);

  it('reads the body as plain text for counting and search', () => {
    expect(plainText('# Title\n\nSome **bold** [link](https://x.example) and ![a sketch](/api/images/k).')).toBe(
      'Title Some bold link and a sketch.',
    );
  });
});

describe('what a save refuses', () => {
  it("refuses a picture that is not one of the project's, and one without alt text", () => {
    expect(caseStudyProblem('![Sketch](/api/images/sketch1)', GALLERY)).toBeNull();
    expect(caseStudyProblem('![Sketch](/api/images/nope)', GALLERY)).toMatch(/is not one of this project's pictures/);
    expect(caseStudyProblem('![](/api/images/sketch1)', GALLERY)).toMatch(/needs alt text/);
    expect(caseStudyProblem('![   ](/api/images/sketch1)', GALLERY)).toMatch(/needs alt text/);
  });
});
