import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_CATALOG, englishPluralForms, LANGUAGES, SHARED_TEXTS, loadCatalog, type TCatalog, type TextKey, type TLanguage } from '@agentroom/shared';

/**
 * The CI check that no language misses a text (decision 0027). The keys are every literal the web
 * passes to `t(…)` and every text of the shared text objects (server errors, shared web texts, mail);
 * each needs a translation in every language but English, with the same `{{placeholders}}`.
 */
const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

interface Use {
  key: string;
  plural: boolean;
  where: string;
}

const unescape = (text: string) => text.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n');
// t('…'), t("…"), t(`…` without ${}) — with `count` among the options when it is a plural.
const CALL = /\bt\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\$])*)`)\s*(,\s*\{[^}]*\})?/g;

function literalUses(): Use[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(CALL)].map((match) => ({
      key: unescape(match[1] ?? match[2] ?? match[3] ?? ''),
      plural: /\bcount\b/.test(match[4] ?? ''),
      where: path.relative(SRC, file),
    }));
  });
}

function sharedUses(): Use[] {
  const uses: Use[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') uses.push({ key: value, plural: false, where });
    else if (typeof value === 'function')
      if ('keys' in value) for (const text of value.keys as readonly TextKey[]) uses.push({ key: text.key, plural: Boolean(text.plural), where });
      else uses.push({ key: `(a function text that is not a TextTemplate at ${where})`, plural: false, where });
    else if (value && typeof value === 'object') for (const [name, inner] of Object.entries(value)) walk(inner, `${where}.${name}`);
  };
  SHARED_TEXTS.forEach((texts, index) => walk(texts, `SHARED_TEXTS[${index}]`));
  return uses;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const pluralForms = (language: TLanguage) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

const uses = [...literalUses(), ...sharedUses()].filter((use) => use.key.trim() !== '');

describe('translations', () => {
  it('finds the texts it checks', () => {
    expect(uses.length).toBeGreaterThan(50);
  });

  it('has English plural forms for every plural text', () => {
    const english = { ...englishPluralForms(), ...ENGLISH_CATALOG };
    const missing = uses.filter((use) => use.plural).flatMap((use) => ['one', 'other'].filter((form) => !english[`${use.key}_${form}`]).map((form) => `${use.key}_${form} (${use.where})`));
    expect([...new Set(missing)]).toEqual([]);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`has every text in ${language}, with the same placeholders`, async () => {
      const catalog: TCatalog = await loadCatalog(language);
      const problems = new Set<string>();
      for (const use of uses) {
        const keys = use.plural ? pluralForms(language).map((form) => `${use.key}_${form}`) : [use.key];
        for (const key of keys) {
          const translation = catalog[key];
          if (!translation?.trim()) problems.add(`missing: ${JSON.stringify(key)} (${use.where})`);
          else if (placeholders(translation).join() !== placeholders(use.plural ? key.replace(/_\w+$/, '') : key).join() && !(use.plural && placeholders(translation).every((p) => placeholders(use.key).includes(p))))
            problems.add(`placeholders differ: ${JSON.stringify(key)} → ${JSON.stringify(translation)}`);
        }
      }
      expect([...problems]).toEqual([]);
    });
  }
});
