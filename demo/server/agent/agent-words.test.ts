import { describe, expect, it } from 'vitest';
import { AGENT_LANGUAGES, AGENT_WORDS, agentLanguage } from './agent-words';

describe("the demo agent's languages", () => {
  it("speaks the widget's nine locales, each with every text filled", () => {
    expect([...AGENT_LANGUAGES].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'pt', 'zh']);
    for (const language of AGENT_LANGUAGES) {
      const words = AGENT_WORDS[language];
      for (const [key, value] of Object.entries(words)) {
        const text = typeof value === 'function' ? value('x') : Array.isArray(value) ? value.join('') : value;
        expect(`${language}.${key}: ${String(text).trim().length > 0}`).toBe(`${language}.${key}: true`);
      }
      expect(words.markdownList.split('|')).toHaveLength(4);
      expect(words.markdownRead).toContain('{article}');
    }
  });

  it('reads a locale by its primary language', () => {
    expect(agentLanguage('fr-CA')).toBe('fr');
    expect(agentLanguage('ZH_hans')).toBe('zh');
    expect(agentLanguage('xx')).toBeUndefined();
    expect(agentLanguage(42)).toBeUndefined();
  });
});
