<?php
/**
 * prop=proofread: the quality of each existing page of the Page namespace
 * ({"quality": N, "quality_text": "..."}); other pages get nothing.
 *
 * @license MIT
 */

class ApiQueryProofreadLab extends ApiQueryBase {

	public function execute() {
		$result = $this->getResult();
		foreach ( $this->getPageSet()->getGoodTitles() as $pageId => $title ) {
			if ( $title->getNamespace() !== ProofreadPageLab::PAGE_NS ) {
				continue;
			}
			$level = ProofreadPageLab::levelOf( $title );
			if ( $level === null ) {
				continue;
			}
			$result->addValue( [ 'query', 'pages', $pageId ], 'proofread', [
				'quality' => $level,
				'quality_text' => ProofreadPageLab::LEVELS[$level],
			] );
		}
	}

	public function getCacheMode( $params ) {
		return 'public';
	}
}
