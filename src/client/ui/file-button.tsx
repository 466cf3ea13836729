import { useRef } from "react";
import { Button, type ButtonProps } from "./button";
import { VisuallyHidden } from "./visually-hidden";

export interface FileButtonProps extends Pick<ButtonProps, "variant" | "busy" | "disabled"> {
  /** The button's words, also the file input's accessible name. */
  readonly label: string;
  /** File types the picker offers (the input's `accept`). */
  readonly accept: string;
  readonly onFile: (file: File) => void;
  /** Marks the input for tests that pick a file on it (`data-kind`). */
  readonly kind?: string;
}

/**
 * A button that opens the file picker. The native input stays in the page, hidden but named, so
 * a browser test can set a file on it; it is cleared after each choice so the same file can be
 * chosen again.
 */
export function FileButton({ label, accept, onFile, kind, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          tabIndex={-1}
          aria-label={label}
          data-kind={kind}
          accept={accept}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = "";
          }}
        />
      </VisuallyHidden>
    </>
  );
}
