"""What every feature of the Discord layer shares: words and limits, answers, posts, threads, options, components."""
