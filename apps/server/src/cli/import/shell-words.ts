/**
 * The words of a hook command as a POSIX shell would split them, quotes removed, enough to find the paths it
 * names. Operators (; | & ( ) < >) end a word. `$` is kept as written: a variable is resolved by the caller,
 * never from this process's environment.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  const end = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length && '"\\$`'.includes(command[i + 1]!)) word += command[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c) || ';|&()<>'.includes(c)) {
      end();
    } else if (c === '#' && !inWord) {
      // A comment runs to the end of its line; a script's next line is read on.
      const eol = command.indexOf('\n', i);
      if (eol < 0) break;
      i = eol;
    } else {
      word += c;
      inWord = true;
    }
  }
  end();
  return words;
}
